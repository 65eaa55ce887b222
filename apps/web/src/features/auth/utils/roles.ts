import { isAgentType, isTrialType } from '@khela/contracts';

export type Role = 'visitor' | 'member' | 'trial' | 'agent';

/** §4/§6: agent if type is 1, 2, 41 or 42; trial if type 4; anyone else signed in is a member. */
export function roleOf(info: { type: number } | null | undefined): Role {
  if (!info) return 'visitor';
  if (isAgentType(info.type)) return 'agent';
  if (isTrialType(info.type)) return 'trial';
  return 'member';
}
