import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconCloudUpload, IconPlus } from '@tabler/icons-react';
import { CONNECTORS, type ConnectorKind } from '../connector-kinds';

/** The Connectors page's way to add any source: files, or a connected tool. */
export function AddSourceMenu({
  onUpload,
  onConnect,
}: {
  onUpload: () => void;
  onConnect: (kind: ConnectorKind) => void;
}) {
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
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
          return (
            <Menu.Item
              key={info.kind}
              leftSection={<Icon size={16} />}
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
