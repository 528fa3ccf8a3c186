import { useState } from 'react';
import { ComboBox as AriaComboBox, Input, Label, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import { useQuery } from 'urql';
import { useDebouncedValue } from '../../app/debounce';
import { Badge } from '../../ui/Badge';
import * as comboStyles from '../../ui/ComboBox.css';
import * as selectStyles from '../../ui/Select.css';
import { visuallyHidden } from '../../ui/visuallyHidden.css';
import { SearchQuery, type SearchHit } from './dashboard.operations';
import * as styles from './dashboard.css';

const KIND_LABELS: Record<SearchHit['kind'], string> = { member: 'Member', policy: 'Policy', claim: 'Claim' };

/** Fewer characters find nothing on the server (queries/search.ts): the list says so instead. */
const MIN_LENGTH = 2;

/**
 * The dashboard's search box (issues #22, #25): members, policies and claims by name, ID or number,
 * as the user types; choosing a hit opens that person's page.
 */
export function DashboardSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const typed = useDebouncedValue(text.trim());
  const [result] = useQuery({ query: SearchQuery, variables: { text: typed }, pause: typed.length < MIN_LENGTH });
  const hits = typed.length < MIN_LENGTH ? [] : (result.data?.search ?? []);
  const items = hits.map((hit) => ({ ...hit, key: `${hit.kind}:${hit.id}` }));
  const empty =
    text.trim().length < MIN_LENGTH
      ? 'Type at least 2 characters'
      : result.fetching || typed !== text.trim()
        ? 'Searching...'
        : 'Nothing found';

  return (
    <AriaComboBox
      className={styles.search}
      items={items}
      inputValue={text}
      onInputChange={setText}
      selectedKey={null}
      onSelectionChange={(key: Key | null) => {
        const hit = items.find((item) => item.key === key);
        if (hit) void navigate(`/members/${hit.memberId}`);
      }}
      menuTrigger="input"
      allowsEmptyCollection
    >
      <Label className={visuallyHidden}>Search</Label>
      <Input className={comboStyles.input} type="search" placeholder="Search members, policies..." />
      <Popover className={selectStyles.popover}>
        <ListBox className={selectStyles.listBox} renderEmptyState={() => <div className={comboStyles.empty}>{empty}</div>}>
          {(hit: (typeof items)[number]) => (
            <ListBoxItem id={hit.key} className={selectStyles.item} textValue={`${hit.title} ${hit.detail}`}>
              <span className={styles.hit}>
                <span className={styles.hitTitle}>
                  <Badge tone={hit.kind === 'member' ? 'primary' : 'neutral'}>{KIND_LABELS[hit.kind]}</Badge>
                  {hit.title}
                </span>
                <span className={styles.hitDetail}>{hit.detail}</span>
              </span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}
