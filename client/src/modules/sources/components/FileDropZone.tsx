import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useId, useState, type DragEvent } from 'react';
import { ACCEPT_ATTRIBUTE, FILE_TYPES_HINT } from '../upload-rules';
import classes from './FileDropZone.module.css';

interface FileDropZoneProps {
  /** Every picked or dropped file; the caller checks types (dropping bypasses `accept`). */
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  /** Says why the form cannot be sent yet (e.g. no file chosen). */
  error?: string;
}

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/** A file picker that also takes files dragged onto it (plain HTML5 drag and drop). */
export function FileDropZone({ onFiles, disabled, error }: FileDropZoneProps) {
  const inputId = useId();
  const [active, setActive] = useState(false);

  const onDragOver = (event: DragEvent) => {
    if (disabled || !hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setActive(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setActive(false);
    if (!disabled) onFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <Stack gap={4}>
      <Paper
        component="label"
        htmlFor={inputId}
        radius="md"
        p="lg"
        className={classes.zone}
        data-active={active || undefined}
        data-disabled={disabled || undefined}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setActive(false)}
        onDrop={onDrop}
        data-testid="file-drop-zone"
      >
        <input
          id={inputId}
          className={classes.input}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          disabled={disabled}
          aria-label="Files"
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            onFiles(Array.from(event.currentTarget.files ?? []));
            // Picking the same file again after removing it must fire change again.
            event.currentTarget.value = '';
          }}
        />
        <Stack align="center" gap={6} ta="center">
          <ThemeIcon variant="light" size={44} radius="xl">
            <IconCloudUpload size={24} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600}>
            {active ? 'Drop to add the files' : 'Drag files here or click to choose'}
          </Text>
          <Text size="sm" c="dimmed">
            {FILE_TYPES_HINT}, up to 50 MB each
          </Text>
        </Stack>
      </Paper>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
