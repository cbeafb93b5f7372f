/**
 * How often a screen asks again while a job it shows waits or runs (a period's
 * calculation, a CP58 run, the jobs list): its progress moves. One setting, so
 * the web tests ask every 100 ms instead of waiting seconds (test/setup.ts).
 */
export const JOB_POLLING = { ms: 2000 };
