import type { GenealogyNode } from "@store/contract";
import { useId, useState } from "react";
import { Badge, Button } from "react-bootstrap";
import { Link, useNavigate } from "react-router";
import { ApiError } from "../../api/client";
import { useDownline, useUpline } from "../../api/people";
import {
  Field,
  LoadingDots,
  MissingRecord,
  PageHeader,
  TableSkeleton,
  useRecordId,
} from "../../components";
import { MemberPicker } from "../../components/MemberPicker";
import { translate } from "../../i18n/messages";
import { formatDecimal } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";

/**
 * /genealogy?uid={user_id}: the member's upline path to the root and their
 * down-line as a tree, each level asked for only when it is opened (a tree of
 * any size costs what is on show). docs/decisions/genealogy.md.
 */
export default function GenealogyPage({ resource, screen }: ScreenProps) {
  const { id, invalid } = useRecordId(screen.param ?? "");
  const treeLink = (userId: number) => resource.link("genealogy", userId);
  const upline = useUpline(id);
  const navigate = useNavigate();
  const missing =
    id === null || invalid || (upline.error instanceof ApiError && upline.error.status === 404);
  const back = resource.list;
  if (missing) {
    return <MissingRecord what="member" backTo={back.path} backLabel={`Back to ${back.title}`} />;
  }
  const path = upline.data ?? [];
  const member = path.at(-1);

  return (
    <>
      <PageHeader title={translate("Genealogy")} backTo={back.path} />
      <div className="card p-3 mb-3">
        <Field htmlFor="genealogy-find" label="Find member" hint="Type a username to jump to them.">
          {(aria) => (
            <MemberPicker
              value=""
              onChange={(value) => {
                if (value) navigate(treeLink(Number(value)));
              }}
              {...aria}
            />
          )}
        </Field>
      </div>
      <div className="card p-3">
        {!member ? (
          <TableSkeleton />
        ) : (
          <>
            <nav aria-label={translate("Upline")}>
              <ol className="breadcrumb mb-3">
                {path.map((node, i) =>
                  i === path.length - 1 ? (
                    <li key={node.user_id} className="breadcrumb-item active" aria-current="page">
                      {node.username}
                    </li>
                  ) : (
                    <li key={node.user_id} className="breadcrumb-item">
                      <Link to={treeLink(node.user_id)}>{node.username}</Link>
                    </li>
                  ),
                )}
              </ol>
            </nav>
            <ul className="list-unstyled mb-0" aria-label={translate("Down Line")}>
              <TreeNode
                key={member.user_id}
                node={member}
                treeLink={treeLink}
                initiallyOpen
                isCurrent
              />
            </ul>
          </>
        )}
      </div>
    </>
  );
}

/**
 * One member and, once opened, their direct referrals (a page at a time, then
 * "Show more"). The toggle is a button with aria-expanded, so the tree is
 * walked with Tab, Enter and Space.
 */
function TreeNode({
  node,
  treeLink,
  initiallyOpen = false,
  isCurrent = false,
}: {
  node: GenealogyNode;
  /** Another member's tree. */
  treeLink: (userId: number) => string;
  initiallyOpen?: boolean;
  isCurrent?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen && node.has_children);
  const children = useDownline(node.user_id, open);
  const listId = useId();
  const rows = children.data?.pages.flatMap((page) => page.rows) ?? [];
  const total = children.data?.pages.at(-1)?.total ?? node.down_line;

  return (
    <li className="py-1" data-testid={`member-${node.user_id}`}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        {node.has_children ? (
          <Button
            size="sm"
            variant="outline-secondary"
            className="px-2 py-0"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-label={translate("Down line of {{name}}", { name: node.username })}
            onClick={() => setOpen(!open)}
          >
            {open ? "−" : "+"}
          </Button>
        ) : (
          <span className="d-inline-block text-center text-muted" style={{ width: 26 }} aria-hidden>
            •
          </span>
        )}
        {isCurrent ? (
          <strong>{node.username}</strong>
        ) : (
          <Link to={treeLink(node.user_id)} className="fw-semibold">
            {node.username}
          </Link>
        )}
        <Badge bg="secondary">{node.membership_name ?? "-"}</Badge>
        <span className="small text-muted">
          {translate("Down Line")} {node.down_line} · {formatDecimal(node.ttl_pv)} PV
        </span>
      </div>
      {open && (
        <ul id={listId} className="list-unstyled ps-4 ms-2 border-start">
          {children.isLoading && (
            <li className="py-1">
              <LoadingDots />
            </li>
          )}
          {rows.map((child) => (
            <TreeNode key={child.user_id} node={child} treeLink={treeLink} />
          ))}
          {children.hasNextPage && (
            <li className="py-1">
              <Button
                size="sm"
                variant="link"
                disabled={children.isFetchingNextPage}
                onClick={() => void children.fetchNextPage()}
              >
                {translate("Show more ({{count}} of {{total}})", { count: rows.length, total })}
              </Button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}
