// The §5 registration messages live in the contracts: the sign-up form shows the same wording.
export { patternMessage, REGISTRATION_MESSAGES } from '@khela/contracts';
