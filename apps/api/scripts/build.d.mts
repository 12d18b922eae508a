/** The built server's file: `apps/api/dist/server.mjs`. */
export declare const builtServer: string;
/** Whether the built server is missing or older than a source file. */
export declare function buildIsStale(outfile?: string): boolean;
/** Builds the server into `outfile` (by default `builtServer`) and answers the file written. */
export declare function buildApi(options?: { outfile?: string; sourcemap?: boolean }): Promise<string>;
