import { Link } from 'wouter';
import { Link as ChakraLink } from '@chakra-ui/react';
import { type CopyActors, useCopyFeedback } from '@/hooks/use-copy-feedback';
import { CopyField } from '@/components/copy-field';
import { paths } from '@/domain/paths';

interface PlaygroundUrlFieldProps {
  label: string;
  url: string;
  /** The user's first key; without one, the field says where to get one. */
  apiKey: string | null;
  /** What a key is needed for: 'run calls', 'subscribe'. */
  purpose: string;
  clipboard: CopyActors;
}

/** The address a playground mode calls, with Copy; without an API key, a link to make one. */
export function PlaygroundUrlField({ label, url, apiKey, purpose, clipboard }: PlaygroundUrlFieldProps) {
  const copy = useCopyFeedback(clipboard);
  return (
    <CopyField
      label={label}
      value={url}
      copied={copy.copied}
      failed={copy.failed}
      onCopy={() => copy.copy(url)}
      helperText={
        apiKey ? null : (
          <>
            You need an API key to {purpose}.{' '}
            <ChakraLink asChild colorPalette="blue">
              <Link href={paths.keys}>Generate one in API Keys</Link>
            </ChakraLink>
            .
          </>
        )
      }
    />
  );
}
