/** The text of `pipeguard --help`. */
export const USAGE = `Usage: pipeguard [options] -- COMMAND [ARGS...]   run COMMAND and print its output, made safe
       COMMAND | pipeguard [options]              the same for standard input
       pipeguard read FILE [--offset SIZE] [--limit SIZE]
       pipeguard lines FILE [--from N] [--count N] [--max-line-bytes SIZE]

Output is bounded per stream, binary output is withheld behind a one-line placeholder, and lines
that are not UTF-8 can be decoded from a legacy codepage; each cut is marked with exact byte counts.
COMMAND runs without a shell, in its own process group, with standard input closed.

Options for COMMAND or standard input:
  --max-bytes SIZE          bytes kept per stream; the rest is counted and discarded
                            (default 1MiB; none keeps everything)
  --keep head|tail|both     which part of a longer stream is kept (default head)
  --timeout DURATION        then kill COMMAND's process group: 30s, 500ms, 2m, or a number of
                            seconds (default none)
  --fallback ENC|auto|none  decode lines that are not UTF-8 as ENC (iconv-lite names; a comma list
                            is tried in order); auto: this host's locale codepage (default none)
  --no-binary-guard         pass binary output through instead of withholding it
  --max-line-bytes SIZE     cut each line after SIZE bytes, marking the rest (default none)
Options for read (a UTF-8 window at a byte offset; its edges and next offset go to stderr):
  --offset SIZE             byte offset of the window (default 0)
  --limit SIZE              bytes in the window (default 64KiB)
Options for lines (numbered lines, each cut at a byte cap, marked with what was left out):
  --from N                  first line, counting from 1 (default 1)
  --count N                 lines shown at most (default 2000)
  --max-line-bytes SIZE     bytes shown of each line (default 2000)
Everywhere:
  --json                    print the whole result object (counts, flags, texts) as JSON instead
  -h, --help                show this help
  -v, --version             show the version

SIZE is a byte count such as 2000, 64KiB, 1MiB or 1.5MB.
Exit status: COMMAND's own; 124 if it timed out; 128+N if killed by signal N; 130 if interrupted by
Ctrl-C (after its process group was stopped); 126/127 if it could not be run; 2 for bad arguments.
`;
