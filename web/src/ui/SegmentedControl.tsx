import type { Key } from 'react-aria-components';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { Icon, type IconName } from './Icon';
import * as styles from './SegmentedControl.css';

export type SegmentedOption = { id: string; label: string; icon?: IconName };

export type SegmentedControlProps = {
  'aria-label': string;
  options: readonly SegmentedOption[];
  value: string;
  onChange: (value: string) => void;
};

/**
 * One of a few views (grid or table): toggle buttons of which exactly one stays selected. React
 * Aria exposes them as a radio group, which is what the choice is (not tabs: there is no panel).
 */
export function SegmentedControl({ options, value, onChange, ...aria }: SegmentedControlProps) {
  return (
    <ToggleButtonGroup
      aria-label={aria['aria-label']}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[value]}
      onSelectionChange={(keys: Set<Key>) => {
        const [next] = keys;
        if (next !== undefined) onChange(String(next));
      }}
      className={styles.group}
    >
      {options.map((option) => (
        <ToggleButton key={option.id} id={option.id} className={styles.button}>
          {option.icon && <Icon name={option.icon} size={16} />}
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
