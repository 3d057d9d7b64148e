import { Tabs } from '@mantine/core';
import { Outlet, useNavigate } from 'react-router';

export interface RouteTab {
  value: string;
  label: string;
}

interface Props {
  tabs: readonly RouteTab[];
  active: string;
  /** The URL the tabs' names are appended to. */
  base: string;
  /** What the tab's route reads with useOutletContext. */
  context: unknown;
}

/**
 * Tabs that are nested routes: choosing one navigates to `<base>/<value>`, and the active tab's
 * panel shows the route. Every panel stays in the page (empty when inactive) so each tab's
 * aria-controls names an element.
 */
export function RouteTabs({ tabs, active, base, context }: Props) {
  const navigate = useNavigate();
  return (
    <Tabs value={active} onChange={(value) => value && void navigate(`${base}/${value}`)}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          {tab.value === active && <Outlet context={context} />}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
