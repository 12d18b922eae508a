/** The built server's file: `apps/api/dist/server.mjs`. */
export declare const builtServer: string;
/** The built backup and restore command: `apps/api/dist/backup.mjs`. */
export declare const builtBackupCommand: string;
/** The newest modification time among these files and folders (recursively), in ms. */
export declare function newestChange(paths: readonly string[]): number;
/** Whether the built server is missing or older than a source file. */
export declare function buildIsStale(outfile?: string): boolean;
/** Builds the server into `outfile` (by default `builtServer`) and the backup command beside it; answers the server's file. */
export declare function buildApi(options?: { outfile?: string; sourcemap?: boolean }): Promise<string>;
