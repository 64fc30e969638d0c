// The umbrella: every stage package whole (so a new export cannot be left out of it), and of the shared
// helpers only what a user meets (sizes, offsets); the rest of @pipeguard/shared is plumbing.
export * from '@pipeguard/binary-guard';
export * from '@pipeguard/bounded-sink';
export * from '@pipeguard/byte-counter';
export * from '@pipeguard/fallback-decoder';
export * from '@pipeguard/file-window';
export * from '@pipeguard/line-splitter';
export * from '@pipeguard/pipeline';
export * from '@pipeguard/repeat-folder';
export * from '@pipeguard/secret-redactor';
export { formatBytes, parseBytes, SOURCE_OFFSET_LOOKBACK_BYTES, type SourceOffsets } from '@pipeguard/shared';
export * from '@pipeguard/terminal-renderer';
