/** What the pages behind mailed links call (the activation page). */
export { activate as activateEmail } from './signIn.server.ts';
