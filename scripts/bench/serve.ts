/**
 * The bench's server process: exactly `scripts/start.ts` (build when stale, migrate, seed an empty
 * database, serve), started under its own file name so that a `pkill -f start.ts` aimed at a
 * development server does not also end a running bench.
 */
import '../start.ts';
