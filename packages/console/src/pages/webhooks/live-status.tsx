import { useEffect, useState } from 'preact/hooks';
import type { ApiProblem } from '../../api/problem.js';
import { ago } from '../../lib/format.js';

/**
 * "live · updated 3 s ago" beside a list that polls (docs/console.md "Live pages"): when its
 * content last changed, ticking each second, or why the last poll failed. Not a live region:
 * a screen reader is not interrupted every second; the list itself says what is new.
 */
export function LiveStatus(props: {
  changedAt: number | undefined;
  error: ApiProblem | undefined;
}) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (props.error) {
    return (
      <span class="live live-error">
        live · last check failed: {props.error.detail || props.error.title}
      </span>
    );
  }
  return (
    <span class="live" title="Checked every 2 seconds; the list changes here without a reload">
      live
      {props.changedAt !== undefined &&
        ` · updated ${ago(new Date(Math.min(props.changedAt, now)).toISOString(), now)}`}
    </span>
  );
}
