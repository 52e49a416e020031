import { useCallback, useEffect, useRef, useState } from 'react';

/** Seconds left before an action may be repeated (the send-code button's wait). */
export function useCountdown() {
  const [seconds, setSeconds] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const stop = useCallback(() => {
    if (timer.current !== undefined) clearInterval(timer.current);
    timer.current = undefined;
  }, []);

  const start = useCallback(
    (from: number) => {
      stop();
      const endsAt = Date.now() + from * 1000;
      setSeconds(from);
      // Counting against the clock, not ticks, keeps it right when the tab was in the background.
      timer.current = setInterval(() => {
        const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
        setSeconds(left);
        if (left === 0) stop();
      }, 250);
    },
    [stop],
  );

  useEffect(() => stop, [stop]);
  return { seconds, start, running: seconds > 0 };
}
