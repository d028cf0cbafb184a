import { Badge, Button, Menu } from '@mantine/core';
import { IconChevronDown, IconCloudUpload, IconPlus } from '@tabler/icons-react';
import { CONNECTORS, type ConnectorKind } from '../connector-kinds';

/**
 * The Connectors page's way to add any source: files, or a connected tool. A tool the server's
 * operator must set up first says so, and picking it opens its setup guide (the page decides).
 */
export function AddSourceMenu({
  onUpload,
  onConnect,
  needsSetup = () => false,
}: {
  onUpload: () => void;
  onConnect: (kind: ConnectorKind) => void;
  needsSetup?: (kind: ConnectorKind) => boolean;
}) {
  return (
    <Menu position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <Button leftSection={<IconPlus size={18} />} rightSection={<IconChevronDown size={16} />}>
          Add source
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconCloudUpload size={16} />} onClick={onUpload}>
          Upload files
        </Menu.Item>
        {Object.values(CONNECTORS).map((info) => {
          const Icon = info.icon;
          const setup = needsSetup(info.kind);
          return (
            <Menu.Item
              key={info.kind}
              leftSection={<Icon size={16} />}
              rightSection={
                setup && (
                  <Badge size="xs" variant="light" color="orange" radius="sm">
                    Needs setup
                  </Badge>
                )
              }
              aria-label={setup ? `${info.label}: needs setup` : undefined}
              onClick={() => onConnect(info.kind)}
            >
              {info.label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
