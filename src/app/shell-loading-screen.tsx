import { LoadingScreen } from '@/components/loading-screen';
import { useProductName } from './product-name';

/** The whole-window loading screen of the signed-in area (the session, the shell's code), under the product's name. */
export function ShellLoadingScreen({ label }: { label?: string }) {
  return <LoadingScreen fullPage label={label} heading={useProductName()} />;
}
