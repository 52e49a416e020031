import {
  Button,
  Checkbox,
  Divider,
  Dropdown,
  Menu,
  Popover,
  Space,
  Tooltip,
} from '@arco-design/web-react';
import {
  IconArrowDown,
  IconArrowUp,
  IconCheck,
  IconDragDotVertical,
  IconLineHeight,
  IconLock,
  IconSettings,
} from '@arco-design/web-react/icon';
import { useState, type ReactNode } from 'react';
import { useT } from '@/locale/index.ts';
import {
  moveChoice,
  moveChoiceTo,
  tableDensities,
  toggleChoice,
  type ColumnChoice,
  type ColumnPlan,
  type TableDensity,
} from './table-settings.ts';
import './table-settings.css';

interface TableSettingsBarProps {
  density: TableDensity;
  onDensity: (density: TableDensity) => void;
  plan: ColumnPlan;
  /** The movable columns in the seller's order. */
  choices: ColumnChoice[];
  titles: ReadonlyMap<string, ReactNode>;
  onChoices: (choices: ColumnChoice[]) => void;
  onReset: () => void;
}

/**
 * The table's own tools at the right of its toolbar, as in Arco Pro: a density dropdown and
 * a column settings popover (show or hide, reorder by dragging or with the arrows, reset).
 */
export function TableSettingsBar(props: TableSettingsBarProps) {
  const { t } = useT();
  const densityLabel = t('table.density');
  const columnsLabel = t('table.columns');
  // A tooltip names a button only while its menu is closed (else it covers the menu).
  const [open, setOpen] = useState<'density' | 'columns' | null>(null);
  const opened = (which: 'density' | 'columns') => (visible: boolean) =>
    setOpen((current) => (visible ? which : current === which ? null : current));
  // Controlled only while hidden: a Tooltip given popupVisible at all stops following hover.
  const hidden = (which: 'density' | 'columns') => (open === which ? { popupVisible: false } : {});
  return (
    <Space size={4} className="table-settings">
      <Dropdown
        trigger="click"
        position="br"
        onVisibleChange={opened('density')}
        droplist={
          <Menu
            className="table-density-menu"
            selectedKeys={[props.density]}
            onClickMenuItem={(key) => props.onDensity(key as TableDensity)}
          >
            {tableDensities.map((density) => (
              <Menu.Item key={density}>
                <span className="table-density-check">
                  {density === props.density && <IconCheck />}
                </span>
                {t(`table.density.${density}`)}
              </Menu.Item>
            ))}
          </Menu>
        }
      >
        <Tooltip content={densityLabel} mini {...hidden('density')}>
          <Button
            type="text"
            className="table-settings-button"
            icon={<IconLineHeight />}
            aria-label={densityLabel}
          />
        </Tooltip>
      </Dropdown>
      <Popover
        trigger="click"
        position="br"
        onVisibleChange={opened('columns')}
        className="table-columns-popover"
        title={
          <div className="table-columns-title">
            <span>{columnsLabel}</span>
            <Button type="text" size="mini" onClick={props.onReset}>
              {t('table.columnsReset')}
            </Button>
          </div>
        }
        content={<ColumnList {...props} />}
      >
        <Tooltip content={columnsLabel} mini {...hidden('columns')}>
          <Button
            type="text"
            className="table-settings-button"
            icon={<IconSettings />}
            aria-label={columnsLabel}
          />
        </Tooltip>
      </Popover>
    </Space>
  );
}

/** Every column in the table's order: locked ones as they are, movable ones to change. */
function ColumnList({ plan, choices, titles, onChoices }: TableSettingsBarProps) {
  const { t } = useT();
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const movable = choices[Symbol.iterator]();
  const rows = plan.keys.map((key) =>
    plan.locked.has(key)
      ? { key, locked: true }
      : { key: movable.next().value?.key ?? key, locked: false },
  );
  const shownCount = choices.filter((choice) => choice.shown).length;

  return (
    <div className="table-columns">
      <div className="table-columns-hint">{t('table.columnsHint')}</div>
      <Divider className="table-columns-divider" />
      <div role="list" aria-label={t('table.columns')}>
        {rows.map(({ key, locked }) => {
          const title = titles.get(key);
          if (locked) {
            return (
              <div key={key} className="table-column-row is-locked" role="listitem">
                <span className="table-column-handle" />
                <Checkbox checked disabled>
                  {title}
                </Checkbox>
                <Tooltip content={t('table.columnLocked')} mini>
                  <IconLock className="table-column-lock" aria-label={t('table.columnLocked')} />
                </Tooltip>
              </div>
            );
          }
          const index = choices.findIndex((choice) => choice.key === key);
          const choice = choices[index] as ColumnChoice;
          const label = typeof title === 'string' ? title : key;
          return (
            <div
              key={key}
              className={`table-column-row${over === key && dragged !== key ? ' is-over' : ''}`}
              role="listitem"
              data-column={key}
              draggable
              onDragStart={(event) => {
                setDragged(key);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', key);
              }}
              onDragOver={(event) => {
                if (dragged === null) return;
                event.preventDefault();
                setOver(key);
              }}
              onDragLeave={() => setOver((current) => (current === key ? null : current))}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null) onChoices(moveChoiceTo(choices, dragged, index));
                setDragged(null);
                setOver(null);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
            >
              <IconDragDotVertical className="table-column-handle" />
              <Checkbox
                checked={choice.shown}
                // The last column shown stays: a table without data columns would show nothing.
                disabled={choice.shown && shownCount === 1}
                onChange={(checked: boolean) => onChoices(toggleChoice(choices, key, checked))}
              >
                {title}
              </Checkbox>
              <span className="table-column-moves">
                <Button
                  type="text"
                  size="mini"
                  icon={<IconArrowUp />}
                  disabled={index === 0}
                  aria-label={t('table.columnUp', { column: label })}
                  onClick={() => onChoices(moveChoice(choices, key, -1))}
                />
                <Button
                  type="text"
                  size="mini"
                  icon={<IconArrowDown />}
                  disabled={index === choices.length - 1}
                  aria-label={t('table.columnDown', { column: label })}
                  onClick={() => onChoices(moveChoice(choices, key, 1))}
                />
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
