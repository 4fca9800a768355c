/** Node options of the server process (see server-runtime.mjs). */
export declare const SERVER_NODE_ARGS: string[];
/** The environment of the server process: `env` with MALLOC_ARENA_MAX=2 unless it sets one. */
export declare function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
/** Node arguments that run the prebuilt server as `npm start` does (building it first when a source changed). */
export declare function serverArgs(opts?: { log?: (line: string) => void }): Promise<string[]>;
