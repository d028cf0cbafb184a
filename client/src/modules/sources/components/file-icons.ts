import {
  IconBook2,
  IconBrandJira,
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeCsv,
  IconFileTypeDoc,
  IconFileTypeHtml,
  IconFileTypePdf,
  IconFileTypePpt,
  IconJson,
  IconMarkdown,
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
  '.md': IconMarkdown,
  '.markdown': IconMarkdown,
  '.csv': IconFileTypeCsv,
  '.html': IconFileTypeHtml,
  '.htm': IconFileTypeHtml,
  '.json': IconJson,
  '.rtf': IconFileTypeDoc,
  '.odt': IconFileTypeDoc,
  '.ods': IconFileSpreadsheet,
  '.odp': IconFileTypePpt,
};

/** An icon for a file by its extension. */
export const fileIcon = (fileName: string): Icon => BY_EXTENSION[extensionOf(fileName)] ?? IconFile;

/** An icon for a connected tool's item by its type (`confluence/page`, `jira/issue`). */
export const itemIcon = (type: string): Icon =>
  type.startsWith('jira/') ? IconBrandJira : type.startsWith('confluence/') ? IconBook2 : IconFile;
