import { useEffect, useState } from 'react';

/** Seconds left until a moment (0 once it has passed), ticking every second; `start` sets a new moment. */
export function useCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const running = until > now;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return {
    secondsLeft: running ? Math.ceil((until - now) / 1000) : 0,
    start: (seconds: number) => {
      const at = Date.now();
      setNow(at);
      setUntil(at + seconds * 1000);
    },
  };
}
