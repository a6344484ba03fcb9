import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ChatControllerProvider } from '../../chat/chat-context';
import { createChatController, type ChatController } from '../../chat/chat-controller';
import { createChatStore } from '../../chat/chat.store';
import { MessageItem } from '../../chat/components/MessageItem';
import { project } from '../../chat/chat-test-kit';
import { MockupControllerProvider } from '../mockup-context';
import { MockupResults } from './MockupResults';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMockupController, type MockupController } from '../mockup-controller';
import { createStudioStore } from '../mockup-studio.store';
import { mockMsg } from '../mockup-test-kit';
import { resetClientState } from '../../../test-stores';

vi.mock('socket.io-client', async () => (await import('../../chat/chat-test-kit')).socketModule());

let chat: ChatController;
let studio: MockupController;
const wrap = (ui: ReactNode, onScreen = false) =>
  render(
    <MemoryRouter>
      <ChatControllerProvider controller={chat}>
        {onScreen ? <MockupControllerProvider controller={studio}>{ui}</MockupControllerProvider> : ui}
      </ChatControllerProvider>
    </MemoryRouter>,
  );

beforeEach(() => {
  resetClientState();
  chat = createChatController({ store: createChatStore() });
  chat.store.getState().patch({ projectId: 'mk1', status: 'ready', project: project({ project_id: 'mk1', type: 'mockup' }) });
  studio = createMockupController({ chat, store: createStudioStore() });
  studio.store.getState().patch({ projectId: 'mk1' });
});
afterEach(() => {
  cleanup();
  studio.dispose();
  chat.dispose();
  vi.unstubAllGlobals();
});

describe('the mockup message kinds in the chat drawer', () => {
  it('mockupHandle is a progress line with the record’s percentage', () => {
    chat.store.getState().addGeneration({ recordId: 'rec1', progress: 40, status: 'running', startedAt: 1 });
    wrap(<MessageItem m={mockMsg.handle('rec1')} />);
    const row = screen.getByText(/Putting your design on the template… 40%/).closest('[data-testid="chat-message"]');
    expect(row?.getAttribute('data-kind')).toBe('mockupHandle');
  });

  it('mockupGenerate shows the mockup, full screen on a click', () => {
    wrap(<MessageItem m={mockMsg.generate('rec1', ['/files/out1.jpg'])} />);
    expect(screen.getByText('Your mockup is ready.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open mockup 1 full screen' }));
    expect(chat.store.getState().preview).toEqual({ images: ['/files/out1.jpg'], index: 0 });
  });

  it('mockupCustom: a new template links to the studio on it; a failure shows the server’s words', () => {
    wrap(<MessageItem m={mockMsg.custom('c1', 'custom-abc')} />);
    expect(screen.getByRole('link', { name: 'Open this template' }).getAttribute('href')).toBe('/aimockup?template=custom-abc&project_id=mk1');
    cleanup();
    wrap(<MessageItem m={mockMsg.customFailed('c1', "We couldn't find the front of a pack in this photo.")} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain("We couldn't find the front of a pack in this photo.");
    // Away from the studio there is nothing to retry with.
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('on the studio, a failed render offers Try again, which generates again', () => {
    const generate = vi.spyOn(studio, 'generate').mockResolvedValue(true);
    wrap(<MessageItem m={mockMsg.error('rec1', 'The design could not be read.')} />, true);
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(generate).toHaveBeenCalled();
  });
});

describe('the results', () => {
  it('each result has Edit, which opens the image editor on it', () => {
    studio.store.getState().addResults(['/files/out1.jpg', '/files/out2.jpg']);
    const onEdit = vi.fn();
    wrap(
      <QueryClientProvider client={new QueryClient()}>
        <MockupResults shown={null} onShow={() => undefined} onEdit={onEdit} />
      </QueryClientProvider>,
      true,
    );
    // Newest first: mockup 1 is the latest.
    fireEvent.click(screen.getByRole('button', { name: 'Edit mockup 1' }));
    expect(onEdit).toHaveBeenCalledWith('/files/out2.jpg');
  });
});
