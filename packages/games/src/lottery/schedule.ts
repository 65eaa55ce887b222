/**
 * When lottery draws happen (issue 15 item 1). A schedule names every draw by its issue number, so
 * a draw is a slot the server can claim exactly once, and a server that was down can list the slots
 * it missed instead of skipping them. Days are the schedule's own calendar (the merchant's zone):
 * e-lottery numbers restart each local midnight, a daily draw is at a local time.
 */
export type DrawSchedule =
  | {
      kind: 'interval';
      /** 60, 180, 300 … — must divide a day, so every day has the same slots. */
      everySeconds: number;
      closeBeforeSeconds: number;
      timeZone: string;
    }
  | {
      kind: 'daily';
      /** Local wall-clock time of the draw, `HH:MM`. */
      at: string;
      closeBeforeSeconds: number;
      timeZone: string;
    };

export interface DrawSlot {
  /** `YYYYMMDD-NNNN` (interval draws, NNNN counts from 0001 each local day) or `YYYYMMDD` (daily). */
  issue: string;
  /** When betting on this slot opens: the previous slot's draw. */
  opensAt: Date;
  closesAt: Date;
  drawAt: Date;
}

const DAY_SECONDS = 86_400;
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const ISSUE = /^(\d{4})(\d{2})(\d{2})(?:-(\d{4}))?$/;

export function isDrawSchedule(schedule: DrawSchedule): boolean {
  if (!Number.isInteger(schedule.closeBeforeSeconds) || schedule.closeBeforeSeconds < 0) return false;
  if (!isTimeZone(schedule.timeZone)) return false;
  if (schedule.kind === 'interval') {
    const every = schedule.everySeconds;
    return Number.isInteger(every) && every >= 30 && DAY_SECONDS % every === 0 && schedule.closeBeforeSeconds < every;
  }
  return HH_MM.test(schedule.at) && schedule.closeBeforeSeconds < DAY_SECONDS;
}

function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The slot open for bets at `now` (or closed and waiting for its draw): the first draw after `now`. */
export function currentSlot(schedule: DrawSchedule, now: Date): DrawSlot {
  const day = localDay(now, schedule.timeZone);
  for (const candidate of [day, addDays(day, 1)]) {
    const slot = firstSlotOfDayAfter(schedule, candidate, now);
    if (slot) return slot;
  }
  throw new Error('unreachable: a day after today always has a slot');
}

/** Every slot whose draw time is in (from, to], oldest first: the draws a restarted server owes. */
export function slotsDrawnBetween(schedule: DrawSchedule, from: Date, to: Date): DrawSlot[] {
  const slots: DrawSlot[] = [];
  let slot = currentSlot(schedule, from);
  while (slot.drawAt.getTime() <= to.getTime()) {
    slots.push(slot);
    slot = currentSlot(schedule, slot.drawAt);
  }
  return slots;
}

/** The slot an issue number names, or null when the schedule has no such issue. */
export function slotOfIssue(schedule: DrawSchedule, issue: string): DrawSlot | null {
  const match = ISSUE.exec(issue);
  if (!match) return null;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  const midnightUtc = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(midnightUtc.getTime()) || midnightUtc.toISOString().slice(0, 10) !== day) return null;
  if (schedule.kind === 'daily') return match[4] ? null : dailySlot(schedule, day);
  if (!match[4]) return null;
  const index = Number(match[4]);
  if (index < 1 || index > DAY_SECONDS / schedule.everySeconds) return null;
  return intervalSlot(schedule, day, index);
}

function firstSlotOfDayAfter(schedule: DrawSchedule, day: string, now: Date): DrawSlot | null {
  if (schedule.kind === 'daily') {
    const slot = dailySlot(schedule, day);
    return slot.drawAt > now ? slot : null;
  }
  const midnight = zonedInstant(day, 0, schedule.timeZone).getTime();
  const perDay = DAY_SECONDS / schedule.everySeconds;
  const elapsed = Math.floor((now.getTime() - midnight) / 1000);
  const index = Math.max(1, Math.floor(elapsed / schedule.everySeconds) + 1);
  return index <= perDay ? intervalSlot(schedule, day, index) : null;
}

function intervalSlot(schedule: Extract<DrawSchedule, { kind: 'interval' }>, day: string, index: number): DrawSlot {
  // Counted in elapsed seconds from local midnight: a clock change moves wall times, not the slots.
  const midnight = zonedInstant(day, 0, schedule.timeZone).getTime();
  const drawAt = new Date(midnight + index * schedule.everySeconds * 1000);
  return {
    issue: `${day.replaceAll('-', '')}-${String(index).padStart(4, '0')}`,
    opensAt: new Date(drawAt.getTime() - schedule.everySeconds * 1000),
    closesAt: new Date(drawAt.getTime() - schedule.closeBeforeSeconds * 1000),
    drawAt,
  };
}

function dailySlot(schedule: Extract<DrawSchedule, { kind: 'daily' }>, day: string): DrawSlot {
  const [hours, minutes] = schedule.at.split(':').map(Number) as [number, number];
  const drawAt = zonedInstant(day, (hours * 60 + minutes) * 60, schedule.timeZone);
  return {
    issue: day.replaceAll('-', ''),
    opensAt: zonedInstant(addDays(day, -1), (hours * 60 + minutes) * 60, schedule.timeZone),
    closesAt: new Date(drawAt.getTime() - schedule.closeBeforeSeconds * 1000),
    drawAt,
  };
}

/** `YYYY-MM-DD` of an instant in a zone. */
export function localDay(instant: Date, timeZone: string): string {
  return formatter('day', timeZone).format(instant);
}

// Building an Intl formatter costs far more than using one: one of each kind per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'day' | 'wall', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    made =
      kind === 'day'
        ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
            second: 'numeric',
          });
    formatters.set(key, made);
  }
  return made;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_SECONDS * 1000).toISOString().slice(0, 10);
}

/** The zone's UTC offset at an instant, in milliseconds (wall clock read as UTC, minus the instant). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter('wall', timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant of a local wall-clock time (seconds after local midnight of `day`) in a zone. */
function zonedInstant(day: string, secondsOfDay: number, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + secondsOfDay * 1000;
  // Two rounds settle the offset on either side of a clock change.
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}
