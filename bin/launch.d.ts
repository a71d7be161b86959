export declare const CLI_ENTRIES: readonly string[];
export type BundleStatus = { fresh: true } | { fresh: false; reason: string };
export declare function bundleStatus(root: URL, entries?: readonly string[]): BundleStatus;
export declare function isDevelopmentCheckout(root: URL): boolean;
export type Launch = { use: 'bundle' } | { use: 'source'; reason: string } | { use: 'none'; reason: string };
export declare function chooseLaunch(root: URL): Launch;
export declare const WEB_DIR: string;
export declare const WEB_RECORD: string;
export declare function webStatus(root: URL): BundleStatus;
