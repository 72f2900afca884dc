/**
 * The one way durations are written (the spec's "7h 45m"): whole hours and minutes, minutes alone under an
 * hour, hours alone when the minutes are 0, and whole hours from 100 h on ("26,890h") where minutes no
 * longer matter. Fractions of a minute are dropped; a negative duration is 0m.
 */
export function formatDuration(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  if (h >= 100) return `${Math.round(whole / 60).toLocaleString('en')}h`;
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}
