/**
 * The last two minor-unit digits the sandbox reads as magic values (docs/sandbox.md): 66 fails
 * or expires, 77 waits for the back-office. The bank's random amounts avoid both unless a kind
 * asks for the failure on purpose, so every operation it starts settles by itself.
 */
export const MAGIC_ENDINGS: readonly number[] = [66, 77];
