/**
 * The operator CLIs as `npm run staff` and `npm run leads` run them: the built scripts, for tests
 * that run on build/ anyway (the `server` project, whose setup builds first, and the browser
 * suite). Each start costs about a third of the CPU of `tsx scripts/….ts`, which transforms the
 * sources first.
 */
export const STAFF_CLI = 'build/server/staff.js';
export const LEADS_CLI = 'build/server/leads.js';
