/**
 * `yyyy-MM-dd HH:mm:ss` in Europe/London for every timestamp of an export. Asking Intl for the parts
 * of each value cost more than the rest of a CSV row (a CPU profile of 15,000 rows), so Intl is asked
 * once per hour of UTC for London's offset then (the clocks change on the hour), and the wall-clock
 * time is that offset added to the instant.
 */
const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const HOUR = 3_600_000;
/** Offsets by hour since 1970; a few thousand entries at most, cleared if ever larger. */
const offsets = new Map<number, number>();

/** London's offset from UTC (milliseconds) during the UTC hour that starts at `hourStart`. */
function offsetAt(hourStart: number): number {
  const part = Object.fromEntries(
    londonParts.formatToParts(new Date(hourStart)).map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return wall - hourStart;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

export function londonTimestamp(at: Date): string {
  const ms = at.getTime();
  const hour = Math.floor(ms / HOUR);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    if (offsets.size > 50_000) offsets.clear();
    offset = offsetAt(hour * HOUR);
    offsets.set(hour, offset);
  }
  const wall = new Date(ms + offset);
  return `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`;
}
