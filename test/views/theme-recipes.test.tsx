import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { system } from '@/app/theme';

/**
 * The Chakra system registers only the recipes the app uses (src/app/theme.ts keeps /login small).
 * This finds every name imported from '@chakra-ui/react' in src/ and checks that the recipe it
 * needs is registered, so a new component cannot silently render unstyled.
 */
type Needs = { recipe: string } | { slotRecipe: string } | 'none';

const needs: Record<string, Needs> = {
  Accordion: { slotRecipe: 'accordion' },
  Alert: { slotRecipe: 'alert' },
  Badge: { recipe: 'badge' },
  Button: { recipe: 'button' },
  Card: { slotRecipe: 'card' },
  Checkbox: { slotRecipe: 'checkbox' },
  CloseButton: { recipe: 'button' },
  Code: { recipe: 'code' },
  DataList: { slotRecipe: 'dataList' },
  Dialog: { slotRecipe: 'dialog' },
  Drawer: { slotRecipe: 'drawer' },
  EmptyState: { slotRecipe: 'emptyState' },
  Field: { slotRecipe: 'field' },
  Fieldset: { slotRecipe: 'fieldset' },
  Heading: { recipe: 'heading' },
  Icon: { recipe: 'icon' },
  IconButton: { recipe: 'button' },
  Input: { recipe: 'input' },
  Kbd: { recipe: 'kbd' },
  Link: { recipe: 'link' },
  List: { slotRecipe: 'list' },
  Menu: { slotRecipe: 'menu' },
  NativeSelect: { slotRecipe: 'nativeSelect' },
  Popover: { slotRecipe: 'popover' },
  Progress: { slotRecipe: 'progress' },
  RadioGroup: { slotRecipe: 'radioGroup' },
  SegmentGroup: { slotRecipe: 'segmentGroup' },
  Select: { slotRecipe: 'select' },
  Separator: { recipe: 'separator' },
  Skeleton: { recipe: 'skeleton' },
  SkipNavLink: { recipe: 'skipNavLink' },
  Slider: { slotRecipe: 'slider' },
  Spinner: { recipe: 'spinner' },
  Stat: { slotRecipe: 'stat' },
  Steps: { slotRecipe: 'steps' },
  Switch: { slotRecipe: 'switch' },
  Table: { slotRecipe: 'table' },
  Tabs: { slotRecipe: 'tabs' },
  Tag: { slotRecipe: 'tag' },
  Textarea: { recipe: 'textarea' },
  Toaster: { slotRecipe: 'toast' },
  Tooltip: { slotRecipe: 'tooltip' },
  // Layout and utilities: no recipe of their own.
  AbsoluteCenter: 'none',
  Box: 'none',
  Center: 'none',
  ChakraProvider: 'none',
  Container: { recipe: 'container' },
  Flex: 'none',
  For: 'none',
  Grid: 'none',
  GridItem: 'none',
  Group: 'none',
  HStack: 'none',
  LinkBox: 'none',
  LinkOverlay: 'none',
  Portal: 'none',
  Show: 'none',
  SimpleGrid: 'none',
  SkipNavContent: 'none',
  Spacer: 'none',
  Span: 'none',
  Stack: 'none',
  Strong: 'none',
  Text: 'none',
  VisuallyHidden: 'none',
  VStack: 'none',
  Wrap: 'none',
  chakra: 'none',
  createSystem: 'none',
  defaultBaseConfig: 'none',
  defineConfig: 'none',
  mergeConfigs: 'none',
  createToaster: 'none',
  useDisclosure: 'none',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Value imports from '@chakra-ui/react' (type-only names need no recipe). */
function chakraImports(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(join(process.cwd(), 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@chakra-ui\/react'/g)) {
      if (match[1]) continue;
      for (const part of (match[2] ?? '').split(',')) {
        const name = part.trim().replace(/\s+as\s+.*$/, '');
        if (name && !name.startsWith('type ')) found.set(name, file);
      }
    }
  }
  return found;
}

describe('Chakra recipes', () => {
  const imports = chakraImports();

  it('finds the Chakra imports of src/', () => {
    expect(imports.has('Button')).toBe(true);
  });

  it.each([...imports.keys()].filter((name) => /^[A-Z]|^[a-z]/.test(name)))('%s has what it needs registered', (name) => {
    const need = needs[name];
    expect(need, `${name} (imported in ${imports.get(name)}) is not in this test's table: add what it needs`).toBeDefined();
    if (need === undefined || need === 'none') return;
    if ('recipe' in need) {
      expect(system.isRecipe(need.recipe), `add the '${need.recipe}' recipe to src/app/theme.ts`).toBe(true);
    } else {
      expect(system.isSlotRecipe(need.slotRecipe), `add the '${need.slotRecipe}' slot recipe to src/app/theme.ts`).toBe(true);
    }
  });

  it("registers what @chakra-ui/charts draws with (the RPC Metrics legends' and tooltips' swatches)", () => {
    expect(system.isRecipe('colorSwatch'), "add the 'colorSwatch' recipe to src/app/theme.ts").toBe(true);
  });
});
