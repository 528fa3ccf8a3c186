import { useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { useAuth } from '../../app/auth/AuthProvider';
import { downloadText } from '../../app/download';
import { errorMessage } from '../../app/errors';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Icon } from '../../ui/Icon';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { PageSpinner } from '../../ui/Spinner';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { AgentCard, type AgentControls } from './AgentCard';
import { AgentDialog } from './AgentDialog';
import { agentSummary, agentsCsv, agentsFileName, toggledStatus } from './agentFigures';
import { AGENTS_CONTEXT, AgentsQuery, type Agent, type AgentStatus } from './agents.operations';
import { AgentsTable } from './AgentsTable';
import * as styles from './agents.css';
import { RecentActivity } from './RecentActivity';
import { useAgentStatus } from './useAgentStatus';

type View = 'grid' | 'table';
type DialogState = { open: false } | { open: true; editing: Agent | null };

const VIEW_OPTIONS = [
  { id: 'grid', label: 'Grid', icon: 'grid' },
  { id: 'table', label: 'Table', icon: 'menu' },
] as const;

/**
 * /agents: Agent Management for staff; for an agent, Team Performance with only its own record and
 * none of the controls (spec part 2 §2 Agents, §6).
 */
export function AgentsPage() {
  const { user } = useAuth();
  const manages = user?.role !== 'agent';
  const [result] = useQuery({ query: AgentsQuery, context: AGENTS_CONTEXT });
  const agents = useMemo(() => result.data?.agents ?? [], [result.data]);
  const [view, setView] = useState<View>('grid');
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const { setStatus, pending } = useAgentStatus();
  const summary = agentSummary(agents);

  // Only agents still listed count as selected.
  const selected = agents.filter((agent) => selectedIds.has(agent.id));
  const select = (id: string, on: boolean) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allSelected = agents.length > 0 && selected.length === agents.length;

  const bulk = async (status: AgentStatus) => {
    if (await setStatus(selected, status)) setSelectedIds(new Set());
  };

  const controlsFor = (agent: Agent): AgentControls => ({
    selected: selectedIds.has(agent.id),
    onSelect: (on) => select(agent.id, on),
    onEdit: () => setDialog({ open: true, editing: agent }),
    onToggleStatus: () => void setStatus([agent], toggledStatus(agent.status)),
    isPending: pending,
  });

  const openAdd = () => setDialog({ open: true, editing: null });

  return (
    <div className={styles.page}>
      <PageHeader
        title={manages ? 'Agent Management' : 'Team Performance'}
        description={
          manages
            ? 'Your sales agents: targets, commission rates, clients onboarded and status.'
            : 'Your sales target, clients onboarded and commissions.'
        }
        actions={
          manages && (
            <>
              <Button
                variant="secondary"
                onPress={() => downloadText(agentsFileName(), agentsCsv(agents))}
                isDisabled={agents.length === 0}
              >
                <Icon name="download" size={18} />
                Export
              </Button>
              <Button onPress={openAdd}>
                <Icon name="plus" size={18} />
                Add Agent
              </Button>
            </>
          )
        }
      />
      <StatGrid label="Agent figures" columns={5}>
        <StatCard label="Total Agents" value={summary.totalAgents} icon="users" />
        <StatCard label="Active Agents" value={summary.activeAgents} icon="check" tone="success" />
        <StatCard label="Clients Onboarded" value={summary.clientsOnboarded} icon="userPlus" tone="neutral" />
        <StatCard label="Total Target" value={summary.totalTarget} icon="trendingUp" tone="warning" />
        <StatCard label="Avg. Commission" value={summary.averageCommission} icon="card" tone="neutral" />
      </StatGrid>
      {result.fetching && !result.data ? (
        <PageSpinner label="Loading agents" />
      ) : result.error && !result.data ? (
        <EmptyState icon="alert" title="Agents could not be loaded" text={errorMessage(result.error)} />
      ) : agents.length === 0 ? (
        <EmptyState
          icon="briefcase"
          title={manages ? 'No agents yet' : 'No agent record yet'}
          text={
            manages
              ? 'Add your first sales agent with a target and commission rate; give them a login to onboard clients.'
              : 'Your administrator has not linked an agent record to your account yet.'
          }
          action={manages ? <Button onPress={openAdd}>Add Agent</Button> : undefined}
        />
      ) : (
        <>
          <div className={styles.toolbar}>
            {manages ? (
              <div className={styles.bulkBar}>
                <Checkbox
                  isSelected={allSelected}
                  isIndeterminate={selected.length > 0 && !allSelected}
                  onChange={(on) => setSelectedIds(on ? new Set(agents.map((agent) => agent.id)) : new Set())}
                >
                  Select all
                </Checkbox>
                {selected.length > 0 && (
                  <>
                    <span className={styles.selectedCount} aria-live="polite">
                      {selected.length} selected
                    </span>
                    <Button size="sm" variant="secondary" isDisabled={pending} onPress={() => void bulk('active')}>
                      Activate Selected
                    </Button>
                    <Button size="sm" variant="secondary" isDisabled={pending} onPress={() => void bulk('inactive')}>
                      Deactivate Selected
                    </Button>
                  </>
                )}
              </div>
            ) : (
              <span />
            )}
            <SegmentedControl aria-label="View" options={VIEW_OPTIONS} value={view} onChange={(next) => setView(next as View)} />
          </div>
          {view === 'grid' ? (
            <div className={styles.grid}>
              {agents.map((agent) => (
                <AgentCard key={agent.id} agent={agent} controls={manages ? controlsFor(agent) : undefined} />
              ))}
            </div>
          ) : (
            <AgentsTable agents={agents} controlsFor={manages ? controlsFor : null} />
          )}
        </>
      )}
      <RecentActivity />
      {dialog.open && <AgentDialog editing={dialog.editing} onClose={() => setDialog({ open: false })} />}
    </div>
  );
}
