import { useEffect, useState } from 'react';

// In Paris, as every due time staff read beside it (« Prise en charge avant 20 h 45 »), wherever the browser is set.
const timeZone = 'Europe/Paris';
const dateFmt = new Intl.DateTimeFormat('fr-FR', {
  timeZone,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const timeFmt = new Intl.DateTimeFormat('fr-FR', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit' });

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Date and time, ticking every second. Empty until mounted: the server's time would never match the browser's. */
export function LiveClock() {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!now) return <span className="inline-block h-5 w-40" aria-hidden="true" />;
  return (
    <time
      dateTime={now.toISOString()}
      className="whitespace-nowrap text-sm tabular-nums text-slate-600"
      data-testid="live-clock"
    >
      <span>{capitalize(dateFmt.format(now))}</span>
      <span aria-hidden="true"> · </span>
      <span className="font-medium text-slate-800">{timeFmt.format(now)}</span>
    </time>
  );
}
