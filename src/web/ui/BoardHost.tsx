/**
 * A table's play area for any game: the game's lazily loaded board, the fallback list of legal
 * actions and the log. The gallery feeds it recorded fixtures; the table page will feed it the
 * protocol client's latest snapshot.
 */
import { Component, Suspense, useMemo } from 'react';
import type { ReactNode } from 'react';
import { ActionIndex } from '../boards/actions.ts';
import type { BoardProps } from '../boards/contract.ts';
import { BOARDS } from '../boards/registry.ts';
import { WhyNotScope } from '../boards/common/WhyNot.tsx';
import type { Explain } from '../boards/common/WhyNot.tsx';
import { ActionList } from './ActionList.tsx';
import { EventLog } from './EventLog.tsx';
import { OutcomePanel } from './OutcomePanel.tsx';
import type { OutcomeInfo } from './outcome.ts';

class BoardErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (this.state.error)
      return (
        <div className="panel board-error" role="alert">
          The board could not be drawn ({this.state.error.message}). The list of legal actions still works.
        </div>
      );
    return this.props.children;
  }
}

export function BoardHost({
  game,
  outcome,
  top,
  side,
  freshFrom = null,
  idleText,
  logTools,
  onExplain,
  ...props
}: {
  game: string;
  outcome?: OutcomeInfo | null;
  /** The log's events after this `seq` are the move being shown: highlighted. */
  freshFrom?: number | null;
  /** Why the list of actions is empty, when the page knows better than "not your turn". */
  idleText?: string;
  /** Drawn in the log's heading (the table page's pacing setting). */
  logTools?: ReactNode;
  /** Drawn above the board (the table page's turn line, the end of the game's offers). */
  top?: ReactNode;
  /** Drawn at the head of the side column (the table page's players and clocks). */
  side?: ReactNode;
  /**
   * Asks the server why the viewer may not take an action (the table page's `explain`): a click
   * on a board element that is not highlighted then says why. Without it such clicks do nothing.
   */
  onExplain?: Explain;
} & BoardProps) {
  const Board = BOARDS[game];
  const index = useMemo(
    () => new ActionIndex(props.legal, props.actionLabels),
    [props.legal, props.actionLabels],
  );
  return (
    <div className="board-host">
      <main className="board-area">
        {top}
        {outcome && <OutcomePanel outcome={outcome} players={props.players} game={game} />}
        <BoardErrorBoundary>
          <Suspense fallback={<div className="panel loading">Loading the board…</div>}>
            <WhyNotScope explain={onExplain} game={game} view={props.view} viewer={props.viewer}>
              {Board ? <Board {...props} /> : <div className="panel">No board for the game “{game}”.</div>}
            </WhyNotScope>
          </Suspense>
        </BoardErrorBoundary>
      </main>
      <aside className="side-area">
        {side}
        <ActionList
          refs={index.all}
          active={props.legal !== null}
          onAction={props.onAction}
          idle={
            outcome
              ? 'Legal actions: none — the game is over'
              : props.viewer === 'spectator'
                ? 'You are watching'
                : (idleText ?? 'Legal actions: none — not your turn')
          }
        />
        <EventLog events={props.events} players={props.players} freshFrom={freshFrom} tools={logTools} />
      </aside>
    </div>
  );
}
