// Types of build/binary.mjs for the tests that build the binary.
export function buildBinary(options?: { out?: string; work?: string }): Promise<void>;
