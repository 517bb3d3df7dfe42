/** Types of ./chromium.mjs (imported by the TypeScript Playwright configs). */
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_FLAGS: readonly string[];
export declare const HEADLESS_ARGS: string[];
