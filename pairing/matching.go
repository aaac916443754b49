package pairing

// matcher keeps a matching of a graph on vertices 0..n-1, whose edges are
// the pairs for which edge is true (symmetric), and grows it along
// augmenting paths: Edmonds' blossom algorithm, whose breadth-first search
// shrinks the odd cycles it meets. Growing a matching to a maximum one
// takes O(n³) steps whatever the graph; one augmenting path, O(n²).
type matcher struct {
	n     int
	edge  func(u, v int) bool
	match []int // match[v]: v's partner, or -1

	parent, base []int
	used, inB    []bool
	seen         []bool
	queue        []int
}

func newMatcher(n int, edge func(u, v int) bool) *matcher {
	m := &matcher{n: n, edge: edge, match: make([]int, n), parent: make([]int, n), base: make([]int, n),
		used: make([]bool, n), inB: make([]bool, n), seen: make([]bool, n), queue: make([]int, 0, n)}
	for v := range m.match {
		m.match[v] = -1
	}
	return m
}

// maxMatching returns a maximum matching of the graph on vertices 0..n-1
// whose edges are edge: match[v] is v's partner, or -1.
func maxMatching(n int, edge func(u, v int) bool) []int {
	m := newMatcher(n, edge)
	for v := 0; v < n; v++ {
		if m.match[v] < 0 {
			m.augment(v)
		}
	}
	return m.match
}

// augment matches root, unmatched, by flipping an augmenting path from it;
// false when there is none.
func (m *matcher) augment(root int) bool {
	v := m.augmentingPath(root)
	if v < 0 {
		return false
	}
	for v >= 0 {
		pv := m.parent[v]
		next := m.match[pv]
		m.match[v], m.match[pv] = pv, v
		v = next
	}
	return true
}

// lca is the base of the blossom that the edge a-b closes: the first
// vertex common to the alternating paths from a and b to the root.
func (m *matcher) lca(a, b int) int {
	clear(m.seen)
	for {
		a = m.base[a]
		m.seen[a] = true
		if m.match[a] < 0 {
			break
		}
		a = m.parent[m.match[a]]
	}
	for {
		b = m.base[b]
		if m.seen[b] {
			return b
		}
		b = m.parent[m.match[b]]
	}
}

// markPath marks the blossom's vertices on the path from v down to its base
// b, and points them back along the cycle towards child.
func (m *matcher) markPath(v, b, child int) {
	for m.base[v] != b {
		m.inB[m.base[v]], m.inB[m.base[m.match[v]]] = true, true
		m.parent[v] = child
		child = m.match[v]
		v = m.parent[m.match[v]]
	}
}

// augmentingPath returns the unmatched vertex that ends an augmenting path
// from root (parent leads back along it), or -1.
func (m *matcher) augmentingPath(root int) int {
	clear(m.used)
	for v := range m.parent {
		m.parent[v], m.base[v] = -1, v
	}
	m.used[root] = true
	m.queue = append(m.queue[:0], root)
	for h := 0; h < len(m.queue); h++ {
		v := m.queue[h]
		for to := 0; to < m.n; to++ {
			if to == v || m.base[v] == m.base[to] || m.match[v] == to || !m.edge(v, to) {
				continue
			}
			if to == root || m.match[to] >= 0 && m.parent[m.match[to]] >= 0 {
				b := m.lca(v, to)
				clear(m.inB)
				m.markPath(v, b, to)
				m.markPath(to, b, v)
				for u := 0; u < m.n; u++ {
					if m.inB[m.base[u]] {
						m.base[u] = b
						if !m.used[u] {
							m.used[u] = true
							m.queue = append(m.queue, u)
						}
					}
				}
			} else if m.parent[to] < 0 {
				m.parent[to] = v
				if m.match[to] < 0 {
					return to
				}
				m.used[m.match[to]] = true
				m.queue = append(m.queue, m.match[to])
			}
		}
	}
	return -1
}
