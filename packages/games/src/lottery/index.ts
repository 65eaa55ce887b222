export * from './schedule.ts';
export * from './formats.ts';
export * from './bets.ts';
