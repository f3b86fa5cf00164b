/** The one clock services receive, so tests can fix time and nothing reads `new Date()` on its own. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
