import { useCopyFeedback } from '@/hooks/use-copy-feedback';
import { CopyField } from '@/components/copy-field';

interface UrlFieldProps {
  label: string;
  url: string;
}

/** A read-only URL that works, with its label and Copy ('Copied!' for 2 s). */
export function UrlField({ label, url }: UrlFieldProps) {
  const { copied, failed, copy } = useCopyFeedback();
  return <CopyField label={label} value={url} copied={copied} failed={failed} onCopy={() => copy(url)} />;
}
