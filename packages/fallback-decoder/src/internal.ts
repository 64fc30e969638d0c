// Helpers the other pipeguard packages share, not an API: `@pipeguard/fallback-decoder/internal` may change
// in any version.
export { decodeRejectedUnit } from './decode-unit';
export { resolveFallbackOption } from './fallback-option';
export { thisHost } from './host-encoding';
export { loadIconv } from './load-iconv';
