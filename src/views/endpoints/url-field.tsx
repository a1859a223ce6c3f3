import { useCopyFeedback } from '@/hooks/use-copy-feedback';
import { CopyField } from '@/components/copy-field';

/** Said under every SPEC.md §7 shape that this deployment does not answer. */
export const DISPLAY_ONLY = 'Display only: the address a deployment with a host per network would use.';

interface UrlFieldProps {
  label: string;
  url: string;
  displayOnly?: boolean;
}

/** A read-only URL with its label and Copy ('Copied!' for 2 s). */
export function UrlField({ label, url, displayOnly = false }: UrlFieldProps) {
  const { copied, failed, copy } = useCopyFeedback();
  return (
    <CopyField
      label={label}
      value={url}
      copied={copied}
      failed={failed}
      onCopy={() => copy(url)}
      helperText={displayOnly ? DISPLAY_ONLY : undefined}
    />
  );
}
