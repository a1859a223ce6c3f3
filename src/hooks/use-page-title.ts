import { useEffect } from 'react';
import { formatPageTitle } from '@/domain/page-title';
import { useAppConfig } from '@/hooks/app-config';

/** Sets document.title to '{title} | {product name}' (SPEC.md §2) while the calling page is shown. */
export function usePageTitle(title: string): void {
  const productName = useAppConfig()?.productName;
  useEffect(() => {
    document.title = formatPageTitle(title, productName);
  }, [title, productName]);
}
