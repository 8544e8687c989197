export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  size?: SpinnerSize;
  /** Read by screen readers; visually hidden. */
  label?: string;
  /** Centre the spinner in its own block. */
  block?: boolean;
}

/** A loading indicator in three sizes; announced politely as a status. */
export function Spinner({ size = 'md', label = 'Loading', block = false }: SpinnerProps) {
  return (
    <span role="status" className={`dcf-spinner dcf-spinner--${size}${block ? ' dcf-spinner--block' : ''}`}>
      <span className="dcf-spinner__circle" aria-hidden="true" />
      <span className="nhsuk-u-visually-hidden">{label}</span>
    </span>
  );
}
