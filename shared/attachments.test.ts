import { describe, expect, it } from 'vitest';
import {
  allowedExtensions,
  attachmentIssues,
  extensionOf,
  imageCountIssue,
  MAX_ATTACHMENT_BYTES,
  type AttachmentDeclaration,
} from './attachments.js';

const pdf: AttachmentDeclaration = { kind: 'file', name: 'Report.PDF', size: 1000, contentType: 'application/pdf' };

describe('attachment rules', () => {
  it('accepts each allowed type under its own extensions, in any case', () => {
    expect(attachmentIssues(pdf)).toEqual([]);
    expect(attachmentIssues({ kind: 'image', name: 'a.JPEG', size: 1, contentType: 'image/jpeg' })).toEqual([]);
    expect(attachmentIssues({ kind: 'image', name: 'a.gif', size: 1, contentType: 'image/gif' })).toEqual([]);
    expect(
      attachmentIssues({
        ...pdf,
        name: 'sheet.xlsx',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    ).toEqual([]);
    expect(allowedExtensions('file')).toEqual(['pdf', 'docx', 'xlsx', 'pptx', 'txt', 'csv', 'zip']);
  });

  it('says "No file provided" for an empty file or name', () => {
    expect(attachmentIssues({ ...pdf, size: 0 })).toEqual([{ field: 'file', message: 'No file provided' }]);
    expect(attachmentIssues({ ...pdf, name: '  ' })).toEqual([{ field: 'file', message: 'No file provided' }]);
  });

  it('keeps files under 100 MB', () => {
    expect(attachmentIssues({ ...pdf, size: MAX_ATTACHMENT_BYTES - 1 })).toEqual([]);
    expect(attachmentIssues({ ...pdf, size: MAX_ATTACHMENT_BYTES })).toEqual([
      { field: 'size', message: 'The file must be under 100 MB' },
    ]);
    expect(attachmentIssues({ ...pdf, size: 1.5 })[0]!.field).toBe('size');
  });

  it('refuses other types, images as files and files as images, and a name of another type', () => {
    expect(attachmentIssues({ ...pdf, name: 'a.html', contentType: 'text/html' })).toEqual([
      { field: 'contentType', message: 'Only these files can be attached: pdf, docx, xlsx, pptx, txt, csv, zip' },
    ]);
    expect(attachmentIssues({ kind: 'file', name: 'a.png', size: 1, contentType: 'image/png' })[0]!.field).toBe(
      'contentType',
    );
    expect(attachmentIssues({ kind: 'image', name: 'a.pdf', size: 1, contentType: 'application/pdf' })).toEqual([
      { field: 'contentType', message: 'Only these images can be attached: jpg, jpeg, png, webp, gif' },
    ]);
    expect(attachmentIssues({ ...pdf, name: 'report.pdf.exe' })).toEqual([
      { field: 'name', message: 'The file name must end in .pdf for its type' },
    ]);
    expect(attachmentIssues({ ...pdf, name: 'pdf' })[0]!.field).toBe('name');
    expect(attachmentIssues({ ...pdf, name: `${'a'.repeat(252)}.pdf` })).toEqual([
      { field: 'name', message: 'At most 255 characters' },
    ]);
  });

  it('reads extensions and counts images', () => {
    expect([extensionOf('a.tar.GZ'), extensionOf('.env'), extensionOf('a.'), extensionOf('a')]).toEqual([
      'gz',
      '',
      '',
      '',
    ]);
    expect(imageCountIssue(5)).toBeNull();
    expect(imageCountIssue(6)).toBe('At most 5 images');
  });
});
