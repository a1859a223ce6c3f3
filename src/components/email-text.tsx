import { Fragment } from 'react';
import { Box } from '@chakra-ui/react';

/**
 * An e-mail address that may wrap: at its '@' and dots first (a <wbr> before each), anywhere
 * only if one part is still wider than the line, so a long address never widens a phone's screen.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <Box as="span" fontWeight="semibold" overflowWrap="anywhere">
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </Box>
  );
}
