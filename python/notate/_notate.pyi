"""Type stubs of the C binding (use the package notate, not this module)."""
from typing import IO, Any, Dict, List, Optional, Sequence, Tuple, Union

VERSION: str
OP_CHECK: int
OP_CONVERT: int
OP_FORMAT: int
OP_SHOW: int
OP_STATS: int
SRC_PATH: int
SRC_BYTES: int
SRC_FILE: int
MOVES_JSON: int

def run(op: int, kind: int, source: Union[str, bytes, bytearray, memoryview, IO[bytes]],
        name: str, game: Optional[str] = ..., form: Optional[str] = ...,
        strict: bool = ..., lenient: bool = ..., lint: bool = ...,
        rules: Optional[Sequence[str]] = ..., ignore: Optional[Sequence[str]] = ...,
        select: Optional[Sequence[str]] = ..., max_errors: int = ..., game_no: int = ...,
        move: int = ..., row: int = ..., ply: int = ..., moves: bool = ...,
        facts: bool = ...) -> Dict[str, Any]: ...
def legal_moves(game: str, args: Sequence[str], form: int) -> Tuple[int, bytes, bytes]: ...
def games() -> List[Tuple[str, str, List[str], List[str], List[str],
                          List[Tuple[str, int, str, str, int]]]]: ...
def explain(code: str) -> Optional[Tuple[str, int, str, str, int]]: ...
def check_rule(game: str, item: str) -> Optional[str]: ...
def game_for_path(path: str) -> Optional[str]: ...
