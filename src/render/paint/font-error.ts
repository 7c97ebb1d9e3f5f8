/** A bundled font that cannot be registered: the program must not draw without it. */
export class FontError extends Error {}
