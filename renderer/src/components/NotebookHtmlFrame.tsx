import classes from './NotebookHtmlFrame.module.css';

/**
 * A notebook rendered as HTML (a snapshot, a job run's output) in a sandboxed frame: its scripts
 * run, but under an opaque origin, so the page cannot act on the hub's pages or cookies.
 */
export function NotebookHtmlFrame({ url, title }: { url: string; title: string }) {
  return <iframe className={classes.frame} src={url} sandbox="allow-scripts" title={title} />;
}
