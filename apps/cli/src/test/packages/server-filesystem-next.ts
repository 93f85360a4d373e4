/**
 * The filesystem server's next release (2026.7.10 in the docs' update example), as a local
 * package: the same server as server-filesystem.ts, with edit_file's description reworded.
 */
import './edit-file-reworded.ts';
import './server-filesystem.ts';
