/** Minutes as the dashboards show them: "7 h 30 m", "45 m"; whole hours from 100 h on ("26,890 h"). */
export function hoursText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h >= 100) return `${Math.round(minutes / 60).toLocaleString('en')} h`;
  if (h === 0) return `${m} m`;
  return m === 0 ? `${h} h` : `${h} h ${m} m`;
}
