/**
 * Says whether the page is still watching for changes (polling) or the resource has settled and
 * what is shown is final. Announced politely once, when it settles.
 */
export function LiveNote(props: { watching: boolean; settledText: string; watchingText?: string }) {
  return (
    <p class={props.watching ? 'live' : 'muted small'} aria-live="polite">
      {props.watching
        ? (props.watchingText ?? 'Live: this page updates on its own.')
        : props.settledText}
    </p>
  );
}
