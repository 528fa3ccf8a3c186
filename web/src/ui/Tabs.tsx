import type { ReactNode } from 'react';
import { Tab as AriaTab, TabList as AriaTabList, TabPanel as AriaTabPanel, Tabs as AriaTabs, type Key } from 'react-aria-components';
import * as styles from './Tabs.css';

export type TabItem = { id: string; label: string; content: ReactNode };

export type TabsProps = {
  'aria-label': string;
  items: readonly TabItem[];
  selectedKey?: string;
  onSelectionChange?: (id: string) => void;
};

/** Tabs driven by data: one list of {id, label, content}, so labels and panels cannot drift apart. */
export function Tabs({ items, selectedKey, onSelectionChange, ...aria }: TabsProps) {
  return (
    <AriaTabs
      className={styles.tabs}
      selectedKey={selectedKey}
      onSelectionChange={onSelectionChange ? (key: Key) => onSelectionChange(String(key)) : undefined}
    >
      <AriaTabList aria-label={aria['aria-label']} className={styles.tabList}>
        {items.map((item) => (
          <AriaTab key={item.id} id={item.id} className={styles.tab}>
            {item.label}
          </AriaTab>
        ))}
      </AriaTabList>
      {items.map((item) => (
        <AriaTabPanel key={item.id} id={item.id} className={styles.panel}>
          {item.content}
        </AriaTabPanel>
      ))}
    </AriaTabs>
  );
}
