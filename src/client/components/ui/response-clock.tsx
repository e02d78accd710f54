import { useEffect, useState } from 'react';
import { AlarmClock, CheckCircle2 } from 'lucide-react';
import { clockState, type ClockState } from '#shared/calendar/support-clock.ts';
import { cn } from './cn.ts';

const TONES: Record<ClockState['state'], string> = {
  waiting: 'bg-sky-50 text-sky-900 ring-sky-200',
  overdue: 'bg-red-50 text-red-800 ring-red-300',
  answered: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  late: 'bg-amber-50 text-amber-950 ring-amber-200',
};

/** The time, refreshed each minute (the labels never show seconds). */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

type Props = {
  request: { dueAt: string | null; firstResponseAt: string | null; status: string };
  /** the client reads « Prise en charge avant 14 h 30 », staff the time left and the delay in red */
  audience: 'client' | 'staff';
  /** `small` in short lists on a phone: « Prise en charge avant demain à 9 h 15 » then keeps to one line */
  size?: 'small';
  className?: string;
};

/**
 * Where a request stands against the response time of the client's plan (docs/decisions/035). Nothing for a
 * request older than the clock, nor for one cancelled before any answer.
 */
export function ResponseClock({ request, audience, size, className }: Props) {
  const now = useMinuteClock();
  if (request.status === 'cancelled' && !request.firstResponseAt) return null;
  const clock = clockState(request, now, audience);
  if (!clock) return null;
  const Icon = clock.state === 'answered' ? CheckCircle2 : AlarmClock;
  return (
    // The label depends on the minute it is read: the server's render may be a minute older than the browser's.
    <p
      suppressHydrationWarning
      data-testid="response-clock"
      data-state={clock.state}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md px-2 py-1 ring-1 ring-inset',
        size === 'small' ? 'text-xs sm:text-sm' : 'text-sm',
        TONES[clock.state],
        clock.state === 'overdue' && 'font-semibold',
        className,
      )}
    >
      <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span suppressHydrationWarning>{clock.label}</span>
    </p>
  );
}
