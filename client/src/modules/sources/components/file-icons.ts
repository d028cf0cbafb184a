import {
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeDoc,
  IconFileTypePdf,
  IconFileTypePpt,
  type Icon,
} from '@tabler/icons-react';
import { extensionOf } from '../upload-rules';

const BY_EXTENSION: Record<string, Icon> = {
  '.pdf': IconFileTypePdf,
  '.doc': IconFileTypeDoc,
  '.docx': IconFileTypeDoc,
  '.xls': IconFileSpreadsheet,
  '.xlsx': IconFileSpreadsheet,
  '.ppt': IconFileTypePpt,
  '.pptx': IconFileTypePpt,
  '.txt': IconFileText,
};

/** An icon for a file by its extension. */
export const fileIcon = (fileName: string): Icon => BY_EXTENSION[extensionOf(fileName)] ?? IconFile;
