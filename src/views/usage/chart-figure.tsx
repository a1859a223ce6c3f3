import { type ReactNode, useId, useState } from 'react';
import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import type { StackedColumn } from '@/components/stacked-table';
import { MetricsTable, type MetricsTableRow } from './metrics-table';

interface ChartFigureProps {
  title: string;
  /** What the chart shows, in a sentence: the figure's caption. */
  summary: string;
  /** The chart (drawn by Recharts under @chakra-ui/charts). */
  children: ReactNode;
  /** The same data as a table, shown on request ("Table view"). */
  table: { columns: readonly StackedColumn[]; rows: readonly MetricsTableRow[]; mono?: boolean };
}

/**
 * One chart of RPC Metrics as a figure named by its h3, its summary as the caption, and a "Table
 * view" toggle that shows the chart's data as a table under it, for screen reader and keyboard
 * users (and anyone who wants the figures). Whether the table is open is this figure's own UI state.
 */
export function ChartFigure({ title, summary, children, table }: ChartFigureProps) {
  const titleId = useId();
  const tableId = useId();
  const [tableShown, setTableShown] = useState(false);
  return (
    <Box as="figure" m="0" minW="0" aria-labelledby={titleId}>
      <Flex justify="space-between" align="center" gap="2" wrap="wrap" mb="1">
        <Heading id={titleId} as="h3" size="md">
          {title}
        </Heading>
        <Button
          size="xs"
          variant={tableShown ? 'subtle' : 'outline'}
          aria-expanded={tableShown}
          aria-controls={tableId}
          onClick={() => setTableShown(!tableShown)}
        >
          Table view
        </Button>
      </Flex>
      <Text as="figcaption" fontSize="sm" color="fg.muted" mb="3">
        {summary}
      </Text>
      {children}
      <Box id={tableId} mt="3" hidden={!tableShown}>
        {tableShown ? <MetricsTable label={`${title} table`} {...table} /> : null}
      </Box>
    </Box>
  );
}
